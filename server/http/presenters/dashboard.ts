/** "Bonjour, Awa" until 18:00 on the company's clock, "Bonsoir, Awa" after. */
export function dashboardGreeting(userName: string, hour: number): string {
  return `${hour < 18 ? 'Bonjour' : 'Bonsoir'}, ${userName.trim().split(/\s+/)[0]}`;
}
