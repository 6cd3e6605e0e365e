/** Names for the demo organisation: common Indian given names and surnames. */
export const FEMALE_NAMES = ['Aditi', 'Ananya', 'Deepa', 'Divya', 'Fatima', 'Gayatri', 'Ishita', 'Kavya', 'Lakshmi', 'Meera', 'Neha', 'Pooja', 'Radhika', 'Sana', 'Shreya', 'Sneha', 'Swati', 'Tanvi', 'Nandini', 'Zoya'];
export const MALE_NAMES = ['Aakash', 'Abhishek', 'Aman', 'Anil', 'Arun', 'Harish', 'Imran', 'Karthik', 'Manoj', 'Mohit', 'Naveen', 'Nikhil', 'Pranav', 'Rohan', 'Sandeep', 'Siddharth', 'Suresh', 'Tarun', 'Varun', 'Yash'];
export const SURNAMES = ['Agarwal', 'Banerjee', 'Chatterjee', 'Desai', 'Gupta', 'Hegde', 'Iyer', 'Joshi', 'Kapoor', 'Khan', 'Kulkarni', 'Menon', 'Mishra', 'Naidu', 'Patel', 'Pillai', 'Reddy', 'Saxena', 'Shetty', 'Singh', 'Sinha', 'Verma'];
