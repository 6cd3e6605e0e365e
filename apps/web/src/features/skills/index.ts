export { SkillsPage } from "./SkillsPage";
