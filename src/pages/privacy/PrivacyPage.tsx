import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths, useLocalePath } from '../../app/paths';
import { Card } from '../../components/ui';

const Article = styled(Card).attrs({ as: 'article' })`
  max-width: 760px;
  margin: 24px auto;
  line-height: 1.55;
  overflow-wrap: anywhere;
  h2 { font-size: 18px; margin: 22px 0 6px; }
  ul { padding-left: 20px; }
`;

/** What the logbook keeps about a pilot, who sees it, and how to take it away or delete it. */
export default function PrivacyPage() {
  const to = useLocalePath();
  return (
    <Article aria-labelledby="privacy-heading">
      <h1 id="privacy-heading">
        <Trans>Privacy</Trans>
      </h1>
      <p>
        <Trans>Your logbook is yours. This page says what is stored, who can see it, and how to take it with you or delete it.</Trans>
      </p>

      <h2>
        <Trans>What is stored</Trans>
      </h2>
      <ul>
        <li>
          <Trans>Your account: email address, username, display name, your password (only as a salted hash), language, units and league.</Trans>
        </li>
        <li>
          <Trans>Your flights: the files you upload (IGC or GPX) as they are, what the analysis finds in them (times, places, heights, score), and what you add: notes, wings, site names and photos.</Trans>
        </li>
        <li>
          <Trans>A session cookie while you are signed in, and a cookie with your language. No advertising or tracking cookies.</Trans>
        </li>
      </ul>

      <h2>
        <Trans>Who sees what</Trans>
      </h2>
      <ul>
        <li>
          <Trans>A private flight is seen only by you. New flights are private unless you chose otherwise in your profile.</Trans>
        </li>
        <li>
          <Trans>A flight you share by link is seen by whoever has the link; a public flight also by other pilots and on your pilot page if you publish it. You can take either back at any time.</Trans>
        </li>
        <li>
          <Trans>Your email address and your file names are never shown to anyone else. You can hide where a photo was taken.</Trans>
        </li>
      </ul>

      <h2>
        <Trans>Take your logbook with you</Trans>
      </h2>
      <p>
        <Trans>
          On the <Link to={to(paths.data.getHref())}>Data</Link> page you download your whole logbook as a CSV file and every original file in one zip; each flight also downloads as IGC, GPX or KML.
        </Trans>
      </p>

      <h2>
        <Trans>Delete</Trans>
      </h2>
      <p>
        <Trans>
          You can delete single flights from your logbook, or your whole account in your <Link to={to(paths.profile.getHref())}>profile</Link>: the account, its flights, files, photos and share links are removed.
        </Trans>
      </p>
    </Article>
  );
}
