/** Query keys of the home screen, from one place. */
export const homeKeys = {
  all: ["home"] as const,
  figures: ["home", "figures"] as const,
  dailySales: ["home", "daily-sales"] as const,
};
