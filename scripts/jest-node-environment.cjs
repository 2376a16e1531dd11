// Jest's node environment, in a process that watches what its tests leave open (scripts/jest-handles.cjs):
// the server's and the journeys' test files run in it.
const NodeEnvironment = require('jest-environment-node').default;
const { reportWhenTerminated, watchThisProcess } = require('./jest-handles.cjs');

class WatchedNodeEnvironment extends NodeEnvironment {
  constructor(...args) {
    super(...args);
    watchThisProcess();
    reportWhenTerminated();
  }
}

module.exports = WatchedNodeEnvironment;
