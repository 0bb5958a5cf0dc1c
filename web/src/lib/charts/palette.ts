/** One palette for every chart so the same series keeps its colour across the dashboard. */
export const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#722ed1', '#13c2c2', '#fa541c', '#8c8c8c'];
export const colorAt = (i: number) => PALETTE[i % PALETTE.length];
