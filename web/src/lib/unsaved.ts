import { useCallback, useEffect, useRef, useState } from 'react';
import { App as AntApp } from 'antd';
import { useBlocker } from 'react-router';

export const UNSAVED_TITLE = 'Есть несохранённые изменения';

/**
 * Guards a form's unsaved edits: leaving by the menu, a link or Back asks «Есть несохранённые изменения»
 * (the router's blocker), a reload or a closed tab asks the browser's own question (beforeunload). The form calls
 * `changed` on every edit (antd's onValuesChange) and `saved` once the server has them; the state is read through a
 * ref, so a navigation right after a save (a new card opening at its id) is not held.
 */
export function useUnsavedChanges() {
  const { modal } = AntApp.useApp();
  // the page's forms with edits: a page has one guard (the router keeps one blocker), each form its part of it
  const parts = useRef(new Set<string>());
  const dirtyRef = useRef(false);
  const [dirty, setDirty] = useState(false);
  const sync = useCallback(() => {
    dirtyRef.current = parts.current.size > 0;
    setDirty(dirtyRef.current);
  }, []);
  const partChanged = useCallback((part: string) => (parts.current.add(part), sync()), [sync]);
  const partSaved = useCallback((part: string) => (parts.current.delete(part), sync()), [sync]);
  const changed = useCallback(() => partChanged(''), [partChanged]);
  const saved = useCallback(() => partSaved(''), [partSaved]);
  const clear = useCallback(() => (parts.current.clear(), sync()), [sync]);
  /** Another form of the same page (a tab's form beside the card): its edits hold the page as the card's do. */
  const part = useCallback(
    (name: string) => ({ changed: () => partChanged(name), saved: () => partSaved(name) }),
    [partChanged, partSaved],
  );
  // a switch of the page's own tab (?tab=) leaves the form mounted (antd keeps inactive panes): nothing to lose
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !tabSwitch(currentLocation, nextLocation) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: UNSAVED_TITLE,
      content: 'Уйти со страницы? Внесённые изменения не сохранятся.',
      okText: 'Уйти без сохранения',
      okButtonProps: { danger: true },
      cancelText: 'Остаться',
      onOk: () => {
        clear();
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, clear]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers show the question only when returnValue is set
      e.returnValue = UNSAVED_TITLE;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return { dirty, changed, saved, part };
}

/** A page's guard handed to a form of the page: its `part`. */
export type UnsavedPart = ReturnType<ReturnType<typeof useUnsavedChanges>['part']>;

function tabSwitch(a: { pathname: string; search: string }, b: { pathname: string; search: string }): boolean {
  const x = new URLSearchParams(a.search);
  const y = new URLSearchParams(b.search);
  x.delete('tab');
  y.delete('tab');
  return a.pathname === b.pathname && x.toString() === y.toString();
}

/**
 * The guard for a form in a dialog: leaving the page asks as `useUnsavedChanges` does, and «Отмена», Esc or a click
 * beside the dialog with edits asks before closing. The dialog passes `cancel` as its onCancel, the form `changed` as
 * onValuesChange, and the save calls `saved` before closing.
 */
export function useUnsavedDialog(onClose: () => void) {
  const unsaved = useUnsavedChanges();
  const { modal } = AntApp.useApp();
  const cancel = () =>
    unsaved.dirty
      ? modal.confirm({
          title: UNSAVED_TITLE,
          content: 'Закрыть форму? Внесённые изменения не сохранятся.',
          okText: 'Закрыть без сохранения',
          okButtonProps: { danger: true },
          cancelText: 'Остаться',
          onOk: () => {
            unsaved.saved();
            onClose();
          },
        })
      : onClose();
  return { ...unsaved, cancel };
}
