import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useConfigQuery } from '../../api/auth';
import { paths, useLocalePath } from '../../app/paths';
import { Button, Card } from '../../components/ui';

const Hero = styled.section`
  padding: 72px 20px 56px;
  text-align: center;
  background: linear-gradient(160deg, #0e7490 0%, #1f6feb 100%);
  color: #fff;
  h1 { font-size: 42px; margin: 0 0 12px; overflow-wrap: break-word; hyphens: auto; }
  @media (max-width: 520px) {
    h1 { font-size: 30px; }
  }
  p { max-width: 640px; margin: 0 auto 24px; font-size: 18px; opacity: 0.95; }
`;
const Section = styled.section`
  max-width: 1100px;
  margin: 0 auto;
  padding: 48px 20px;
  h2 { text-align: center; }
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 20px;
`;
const StepNumber = styled.span`
  display: inline-flex;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  align-items: center;
  justify-content: center;
  font-weight: 700;
  background: ${(p) => p.theme.primary};
  color: ${(p) => p.theme.primaryText};
`;
const Footer = styled.footer`
  border-top: 1px solid ${(p) => p.theme.border};
  padding: 24px 20px;
  text-align: center;
  color: ${(p) => p.theme.muted};
  nav { display: flex; gap: 16px; justify-content: center; flex-wrap: wrap; margin-bottom: 12px; }
`;

/** docs/product.md §2 Home: hero, feature cards, how it works, call to action, footer. */
export default function HomePage() {
  const to = useLocalePath();
  const { data: config } = useConfigQuery();
  return (
    <>
      <Hero>
        <h1>
          <Trans>Your paragliding logbook</Trans>
        </h1>
        <p>
          <Trans>Log every flight with its notes, locations and memories. No live tracking: upload your IGC files and see each flight analysed, scored and mapped.</Trans>
        </p>
        <Button as={Link} to={to(paths.login.getHref())}>
          <Trans>Start Logging</Trans>
        </Button>{' '}
        <Button as="a" href="#how-it-works" $variant="secondary">
          <Trans>How It Works</Trans>
        </Button>
      </Hero>
      <Section id="features">
        <h2>
          <Trans>Features</Trans>
        </h2>
        <Grid>
          <Card>
            <h3>
              <Trans>Flight log</Trans>
            </h3>
            <p>
              <Trans>Every flight with its date, duration, distance, launch and landing, on a map with its height profile.</Trans>
            </p>
          </Card>
          <Card>
            <h3>
              <Trans>Analytics</Trans>
            </h3>
            <p>
              <Trans>Hours per month and year, your favourite sites, personal records and cross-country scores.</Trans>
            </p>
          </Card>
          <Card>
            <h3>
              <Trans>Community</Trans>
            </h3>
            <p>
              <Trans>See who flew at your sites today, follow pilots and their feed, compare flights, climb the season rankings with your club, and find thermals on the thermal map. Only the flights you make public are shown.</Trans>
            </p>
          </Card>
        </Grid>
      </Section>
      <Section id="how-it-works">
        <h2>
          <Trans>How it works</Trans>
        </h2>
        <Grid>
          <Card>
            <StepNumber>1</StepNumber>
            <h3>
              <Trans>Create an account</Trans>
            </h3>
            <p>
              {config?.googleLogin ? <Trans>Register with your email or sign in with Google.</Trans> : <Trans>Register with your email address.</Trans>}
            </p>
          </Card>
          <Card>
            <StepNumber>2</StepNumber>
            <h3>
              <Trans>Log your flights</Trans>
            </h3>
            <p>
              <Trans>Upload IGC files, or a zip of years of them, straight from your flight instrument.</Trans>
            </p>
          </Card>
          <Card>
            <StepNumber>3</StepNumber>
            <h3>
              <Trans>Share</Trans>
            </h3>
            <p>
              <Trans>Look back at your season, compare years and show your best flights.</Trans>
            </p>
          </Card>
        </Grid>
      </Section>
      <Section id="about" style={{ textAlign: 'center' }}>
        <h2>
          <Trans>Ready for your next flight?</Trans>
        </h2>
        <Button as={Link} to={to(paths.register.getHref())}>
          <Trans>Create your free account</Trans>
        </Button>
      </Section>
      <Footer>
        <nav aria-label="Footer">
          <a href="#features"><Trans>Features</Trans></a>
          <a href="#how-it-works"><Trans>How it works</Trans></a>
          <Link to={to(paths.publicThermals.getHref())}>
            <Trans>Thermal map</Trans>
          </Link>
          <Link to={to(paths.privacy.getHref())}>
            <Trans>Privacy</Trans>
          </Link>
        </nav>
        <small>
          <Trans>© {new Date().getFullYear()} Flight Logbook. All rights reserved.</Trans>
        </small>
      </Footer>
    </>
  );
}
