/**
 * The HTML part of every e-mail: one React Email layout (decision 017b) with the portal's design
 * tokens, and one component per kind of block (content.ts). React escapes every text, so names,
 * organization names and an administrator's custom template stay text.
 */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import type { MailBlock, MailContent } from './content';
import { mailTokens } from './tokens';

const { colors, radius, font } = mailTokens;

const styles = {
  body: {
    backgroundColor: colors.surface.muted,
    color: colors.ink.DEFAULT,
    fontFamily: font.sans,
    margin: 0,
    padding: '24px 12px',
  },
  card: {
    maxWidth: '560px',
    backgroundColor: colors.surface.DEFAULT,
    border: `1px solid ${colors.surface.border}`,
    borderRadius: radius.card,
    padding: '32px',
  },
  masthead: {
    color: colors.brand[700],
    fontSize: '12px',
    fontWeight: 600,
    letterSpacing: '0.08em',
    lineHeight: '16px',
    margin: '0 0 16px',
  },
  heading: {
    color: colors.ink.DEFAULT,
    fontSize: '22px',
    fontWeight: 600,
    lineHeight: '28px',
    margin: '0 0 16px',
  },
  text: { color: colors.ink.DEFAULT, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' },
  code: {
    backgroundColor: colors.surface.sunken,
    border: `1px solid ${colors.surface.border}`,
    borderRadius: radius.control,
    color: colors.ink.DEFAULT,
    fontFamily: font.mono,
    fontSize: '22px',
    letterSpacing: '0.12em',
    lineHeight: '32px',
    margin: '0 0 16px',
    padding: '12px 16px',
    textAlign: 'center',
  },
  button: {
    backgroundColor: colors.brand[600],
    borderRadius: radius.control,
    color: colors.ink.inverse,
    fontSize: '15px',
    fontWeight: 600,
    lineHeight: '20px',
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: colors.brand[700], wordBreak: 'break-all' },
  small: { color: colors.ink.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 16px' },
  rule: { borderColor: colors.surface.border, margin: '24px 0 16px' },
  footer: { color: colors.ink.subtle, fontSize: '12px', lineHeight: '18px', margin: 0 },
} satisfies Record<string, CSSProperties>;

function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, i) => (
    <span key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </span>
  ));
}

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case 'text':
      return (
        <Text style={styles.text}>
          <Lines lines={block.lines} />
        </Text>
      );
    case 'code':
      return <Text style={styles.code}>{block.code}</Text>;
    case 'action':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          <Button href={block.href} style={styles.button}>
            {block.label}
          </Button>
          <Text style={{ ...styles.small, margin: '16px 0 0' }}>
            Or open this link:{' '}
            <Link href={block.href} style={styles.link}>
              {block.href}
            </Link>
          </Text>
        </Section>
      );
    case 'steps':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          <Text style={{ ...styles.text, margin: 0 }}>{block.intro}</Text>
          <ol style={{ ...styles.text, margin: 0, paddingLeft: '24px' }}>
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ol>
        </Section>
      );
  }
}

export function MailLayout({ content }: { content: MailContent }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Text style={styles.masthead}>ADMIN DASHBOARD</Text>
          <Heading as="h1" style={styles.heading}>
            {content.heading}
          </Heading>
          {content.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
          <Hr style={styles.rule} />
          <Text style={styles.footer}>
            Sent by the mobile security admin portal. Replies to this address are not read.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
