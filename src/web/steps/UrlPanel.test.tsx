// @vitest-environment happy-dom
// The "Add URL" tab refuses a link into the board's own network as it refuses a link that does
// not parse (docs/form.md: 'Please enter a valid URL'), by the policy /api/config sends; the server
// checks again (test/faults/resume-links.test.ts).
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LinkHostPolicy, LOCAL_LINKS } from '../../shared/contract.ts';
import { UrlPanel } from './UrlPanel.tsx';

const PUBLIC_BOARD: LinkHostPolicy = { privateHosts: false, ownHost: 'jobs.example.com' };

afterEach(cleanup);

async function add(link: string, links: LinkHostPolicy) {
  const onAttach = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(<UrlPanel onAttach={onAttach} links={links} />);
  const input = screen.getByLabelText('Resume URL');
  await user.click(input);
  await user.paste(link);
  await user.click(screen.getByRole('button', { name: 'Add' }));
  return { onAttach, input };
}

describe('the resume link tab', () => {
  it.each([
    ['169.254.169.254/latest/meta-data/iam/', LOCAL_LINKS],
    ['metadata.google.internal/computeMetadata/v1/', LOCAL_LINKS],
    ['http://[fe80::1]/cv.pdf', LOCAL_LINKS],
    ['127.0.0.1:6379', PUBLIC_BOARD],
    ['http://10.0.0.5/cv.pdf', PUBLIC_BOARD],
    ['localhost:3000/cv.pdf', PUBLIC_BOARD],
  ])('refuses %s under %j: Please enter a valid URL, nothing attached', async (link, links) => {
    const { onAttach, input } = await add(link, links);
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(onAttach).not.toHaveBeenCalled();
  });

  // Issue 44, item 8: what the server refuses (check 3) is refused at Add, by the same rule.
  it.each([
    ['no es una url'],
    ['https://example.com/my cv.pdf'],
    ['http://example/cv.pdf'],
    ['resume'],
    ['https://example.com./cv.pdf'],
    ['ftp://example.com/cv.pdf'],
    ['https://user:pw@example.com/cv.pdf'],
    ['https://exa_mple.com/cv.pdf'],
  ])(
    'refuses %j at Add, as the server would: Please enter a valid URL, nothing attached',
    async (link) => {
      const { onAttach, input } = await add(link, LOCAL_LINKS);
      expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveFocus();
      expect(onAttach).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['localhost:3000/cv.pdf', LOCAL_LINKS, 'https://localhost:3000/cv.pdf'],
    ['http://10.0.0.5/cv.pdf', LOCAL_LINKS, 'http://10.0.0.5/cv.pdf'],
    [
      'jobs.example.com/candidate/resumes/a.pdf',
      PUBLIC_BOARD,
      'https://jobs.example.com/candidate/resumes/a.pdf',
    ],
    ['example.com/cv/ada.pdf', PUBLIC_BOARD, 'https://example.com/cv/ada.pdf'],
  ])('attaches %s under %j as %s', async (link, links, attached) => {
    const { onAttach } = await add(link, links);
    expect(screen.queryByText('Please enter a valid URL')).toBeNull();
    expect(onAttach.mock.calls).toEqual([[attached]]);
  });
});
