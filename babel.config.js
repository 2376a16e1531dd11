// One Babel setup for the app bundle (webpack) and for every jest project.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { targets: 'defaults', modules: false }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { allowDeclareFields: true }],
    ],
    plugins: ['@lingui/babel-plugin-lingui-macro', 'babel-plugin-styled-components'],
  };
};
