import { Gender, Mood } from '@orbit/contract';

/** One demo member as a newcomer sees them; the seed derives email, unit and persona style from it. */
export interface DemoPerson {
  firstName: string;
  lastName: string;
  username: string;
  alias: string;
  avatar: string;
  gender: Gender;
  mood: Mood;
  tags: string[];
  heightCm: number;
  weightKg: number;
  /** Year and month of birth: the spec stores MM/01/YYYY. */
  born: string;
  country: string;
  state: string | null;
  timezone: string;
  private?: boolean;
}

const { MALE, FEMALE, OTHER } = Gender;
const { HAPPY, SAD, DEPRESSED, ANXIOUS, EXCITED } = Mood;

export const DEMO_EMAIL = 'demo@orbit.local';
export const DEMO_USERNAME = 'demo';

/** The main account: the one a newcomer signs in as. */
export const DEMO_PERSON: DemoPerson = {
  firstName: 'Dana',
  lastName: 'Rivera',
  username: DEMO_USERNAME,
  alias: 'StarDana',
  avatar: 'av7',
  gender: FEMALE,
  mood: HAPPY,
  tags: ['morning run', 'gratitude'],
  heightCm: 168,
  weightKg: 61,
  born: '1990-04',
  country: 'US',
  state: 'CA',
  timezone: 'America/Los_Angeles',
};

/** The rest of the demo organisation: varied places, bodies, moods and privacy. */
// biome-ignore format: one member per line reads as the table it is
export const DEMO_PEOPLE: DemoPerson[] = [
  { firstName: 'Marcus', lastName: 'Okafor', username: 'marcus.okafor', alias: 'TrailMarc', avatar: 'av1', gender: MALE, mood: EXCITED, tags: ['trail running'], heightCm: 183, weightKg: 82, born: '1986-09', country: 'US', state: 'NY', timezone: 'America/New_York' },
  { firstName: 'Priya', lastName: 'Raman', username: 'priya.r', alias: 'LotusPriya', avatar: 'av2', gender: FEMALE, mood: HAPPY, tags: ['yoga', 'tea'], heightCm: 160, weightKg: 54, born: '1993-02', country: 'CA', state: 'ON', timezone: 'America/Toronto' },
  { firstName: 'Tomás', lastName: 'Herrera', username: 'tomas_h', alias: 'CyclingTom', avatar: 'av3', gender: MALE, mood: ANXIOUS, tags: ['deadline week'], heightCm: 176, weightKg: 74, born: '1979-11', country: 'MX', state: null, timezone: 'America/Mexico_City' },
  { firstName: 'Grace', lastName: 'Whitfield', username: 'gracew', alias: 'GraceNotes', avatar: 'av4', gender: FEMALE, mood: HAPPY, tags: ['choir', 'garden'], heightCm: 165, weightKg: 68, born: '1958-05', country: 'US', state: 'TX', timezone: 'America/Chicago' },
  { firstName: 'Kenji', lastName: 'Watanabe', username: 'kenji.w', alias: 'ZenKenji', avatar: 'av5', gender: MALE, mood: HAPPY, tags: ['meditation'], heightCm: 172, weightKg: 66, born: '1988-07', country: 'JP', state: null, timezone: 'Asia/Tokyo' },
  { firstName: 'Amara', lastName: 'Nwosu', username: 'amara.n', alias: 'AmaraMoves', avatar: 'av6', gender: FEMALE, mood: EXCITED, tags: ['dance class', 'new job'], heightCm: 170, weightKg: 63, born: '1997-03', country: 'NG', state: null, timezone: 'Africa/Lagos', private: true },
  { firstName: 'Liam', lastName: "O'Brien", username: 'liamob', alias: 'HurlingLiam', avatar: 'av8', gender: MALE, mood: SAD, tags: ['rainy week'], heightCm: 181, weightKg: 88, born: '1983-12', country: 'IE', state: null, timezone: 'Europe/Dublin' },
  { firstName: 'Sofia', lastName: 'Lindqvist', username: 'sofia.l', alias: 'NordicSofia', avatar: 'av9', gender: FEMALE, mood: HAPPY, tags: ['cross-country ski'], heightCm: 174, weightKg: 65, born: '1991-01', country: 'SE', state: null, timezone: 'Europe/Stockholm' },
  { firstName: 'Jamal', lastName: 'Carter', username: 'jamal.c', alias: 'HoopsJamal', avatar: 'av10', gender: MALE, mood: EXCITED, tags: ['basketball'], heightCm: 193, weightKg: 95, born: '1995-06', country: 'US', state: 'IL', timezone: 'America/Chicago' },
  { firstName: 'Elena', lastName: 'Petrova', username: 'elena.p', alias: 'ElenaSwims', avatar: 'av11', gender: FEMALE, mood: ANXIOUS, tags: ['exams'], heightCm: 167, weightKg: 58, born: '2001-10', country: 'DE', state: null, timezone: 'Europe/Berlin', private: true },
  { firstName: 'Noah', lastName: 'Bennett', username: 'noahb', alias: 'NoahWalks', avatar: 'av12', gender: MALE, mood: DEPRESSED, tags: ['tough month'], heightCm: 178, weightKg: 91, born: '1975-08', country: 'US', state: 'OH', timezone: 'America/New_York' },
  { firstName: 'Aisha', lastName: 'Khan', username: 'aisha.k', alias: 'AishaRuns', avatar: 'av13', gender: FEMALE, mood: HAPPY, tags: ['5k training'], heightCm: 162, weightKg: 57, born: '1992-04', country: 'GB', state: null, timezone: 'Europe/London' },
  { firstName: 'Mateo', lastName: 'Rossi', username: 'mateo.rossi', alias: 'ChefMateo', avatar: 'av14', gender: MALE, mood: HAPPY, tags: ['cooking', 'family'], heightCm: 175, weightKg: 79, born: '1981-02', country: 'IT', state: null, timezone: 'Europe/Rome' },
  { firstName: 'Hannah', lastName: 'Schultz', username: 'hannah.s', alias: 'HikingHannah', avatar: 'av15', gender: FEMALE, mood: EXCITED, tags: ['hiking'], heightCm: 169, weightKg: 62, born: '1989-09', country: 'US', state: 'CO', timezone: 'America/Denver' },
  { firstName: 'Wei', lastName: 'Zhang', username: 'wei.zhang', alias: 'TaiChiWei', avatar: 'av16', gender: MALE, mood: HAPPY, tags: ['tai chi'], heightCm: 170, weightKg: 68, born: '1962-03', country: 'SG', state: null, timezone: 'Asia/Singapore' },
  { firstName: 'Olivia', lastName: 'Martin', username: 'olivia.m', alias: 'OliviaStretch', avatar: 'av17', gender: FEMALE, mood: SAD, tags: ['missing home'], heightCm: 158, weightKg: 52, born: '1999-05', country: 'AU', state: null, timezone: 'Australia/Sydney', private: true },
  { firstName: 'Diego', lastName: 'Fernández', username: 'diego.f', alias: 'DiegoGol', avatar: 'av18', gender: MALE, mood: EXCITED, tags: ['football'], heightCm: 179, weightKg: 76, born: '1994-11', country: 'ES', state: null, timezone: 'Europe/Madrid' },
  { firstName: 'Chloe', lastName: 'Dubois', username: 'chloe.d', alias: 'ChloeCycles', avatar: 'av19', gender: FEMALE, mood: HAPPY, tags: ['bike commute'], heightCm: 166, weightKg: 59, born: '1987-06', country: 'FR', state: null, timezone: 'Europe/Paris' },
  { firstName: 'Robert', lastName: 'Hayes', username: 'bob.hayes', alias: 'VeteranBob', avatar: 'av20', gender: MALE, mood: ANXIOUS, tags: ['physio'], heightCm: 180, weightKg: 97, born: '1956-01', country: 'US', state: 'VA', timezone: 'America/New_York' },
  { firstName: 'Maya', lastName: 'Cohen', username: 'maya.cohen', alias: 'MayaBreathes', avatar: 'av21', gender: FEMALE, mood: HAPPY, tags: ['breathwork'], heightCm: 163, weightKg: 56, born: '1996-08', country: 'IL', state: null, timezone: 'Asia/Jerusalem' },
  { firstName: 'Sam', lastName: 'Taylor', username: 'sam.taylor', alias: 'SamSteps', avatar: 'av22', gender: OTHER, mood: HAPPY, tags: ['10k steps'], heightCm: 171, weightKg: 70, born: '1998-12', country: 'CA', state: 'BC', timezone: 'America/Vancouver' },
  { firstName: 'Fatima', lastName: 'Diallo', username: 'fatima.d', alias: 'FatimaFit', avatar: 'av1', gender: FEMALE, mood: EXCITED, tags: ['strength'], heightCm: 172, weightKg: 66, born: '1990-10', country: 'SN', state: null, timezone: 'Africa/Dakar' },
  { firstName: 'Ethan', lastName: 'Park', username: 'ethan.park', alias: 'EthanLifts', avatar: 'av2', gender: MALE, mood: HAPPY, tags: ['gym'], heightCm: 177, weightKg: 84, born: '1993-07', country: 'KR', state: null, timezone: 'Asia/Seoul' },
  { firstName: 'Isabel', lastName: 'Costa', username: 'isabel.c', alias: 'IsaSurf', avatar: 'av3', gender: FEMALE, mood: HAPPY, tags: ['surfing'], heightCm: 164, weightKg: 57, born: '1985-03', country: 'BR', state: null, timezone: 'America/Sao_Paulo' },
  { firstName: 'Arjun', lastName: 'Mehta', username: 'arjun.m', alias: 'ArjunYoga', avatar: 'av4', gender: MALE, mood: DEPRESSED, tags: ['sleep'], heightCm: 174, weightKg: 73, born: '1984-09', country: 'IN', state: null, timezone: 'Asia/Kolkata', private: true },
  { firstName: 'Ruth', lastName: 'Anderson', username: 'ruth.a', alias: 'RuthWalks', avatar: 'av5', gender: FEMALE, mood: HAPPY, tags: ['grandkids', 'walking'], heightCm: 157, weightKg: 64, born: '1951-04', country: 'US', state: 'FL', timezone: 'America/New_York' },
  { firstName: 'Kwame', lastName: 'Mensah', username: 'kwame.m', alias: 'KwameRuns', avatar: 'av6', gender: MALE, mood: EXCITED, tags: ['marathon'], heightCm: 182, weightKg: 71, born: '1991-05', country: 'GH', state: null, timezone: 'Africa/Accra' },
  { firstName: 'Zoe', lastName: 'Walker', username: 'zoe.walker', alias: 'ZoePaddles', avatar: 'av8', gender: FEMALE, mood: HAPPY, tags: ['kayak'], heightCm: 168, weightKg: 60, born: '2000-02', country: 'NZ', state: null, timezone: 'Pacific/Auckland' },
  { firstName: 'Lucas', lastName: 'Novak', username: 'lucas.n', alias: 'LucasClimbs', avatar: 'av9', gender: MALE, mood: ANXIOUS, tags: ['new city'], heightCm: 185, weightKg: 80, born: '1996-11', country: 'CZ', state: null, timezone: 'Europe/Prague' },
  { firstName: 'Nadia', lastName: 'Haddad', username: 'nadia.h', alias: 'NadiaPilates', avatar: 'av10', gender: FEMALE, mood: HAPPY, tags: ['pilates'], heightCm: 161, weightKg: 55, born: '1988-01', country: 'AE', state: null, timezone: 'Asia/Dubai' },
];
