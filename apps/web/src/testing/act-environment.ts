// The portal's unit tests render with react-dom and wrap what they do in React's act(), which
// warns unless the environment says it is a test (react.dev/reference/react/act).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
