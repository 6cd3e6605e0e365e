export { MyProfilePage, ProfilePage } from './ProfilePage';
