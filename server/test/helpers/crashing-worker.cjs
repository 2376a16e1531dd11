// An analysis thread that dies on every task, the way a file that crashes the parser natively would.
module.exports = {
  read() {
    process.exit(70);
  },
  analyse() {
    process.exit(70);
  },
};
