import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages load lazily and CI machines are busy: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });
