/**
 * "Bonjour, Awa" until 18:00 on the company's clock, "Bonsoir, Awa" after. The first name is the one
 * the person gave (users.first_name), never guessed from the name — West African names are often
 * written NOM Prénom; without it, the full name.
 */
export function dashboardGreeting(user: { name: string; first_name?: string | null }, hour: number): string {
  const name = user.first_name?.trim() || user.name.trim().replace(/\s+/g, ' ');
  return `${hour < 18 ? 'Bonjour' : 'Bonsoir'}, ${name}`;
}
