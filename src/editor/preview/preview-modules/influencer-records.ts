/** The preview's virtual:influencer-records: none, as in the browser; profiles are fetched from the editor's server. */
export default null;
