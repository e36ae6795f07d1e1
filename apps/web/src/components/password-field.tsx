import { forwardRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { PlainTextField, type PlainTextFieldProps } from './plain-text-field';

/**
 * A password text field with a show / hide button (reachable by keyboard, saying whether the password shows);
 * its accessible name is its label.
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<PlainTextFieldProps, 'type' | 'endAdornment'>>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <PlainTextField
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={visible ? 'Hide password' : 'Show password'}
              aria-pressed={visible}
              onClick={() => setVisible((value) => !value)}
              onMouseDown={(event) => event.preventDefault()}
              edge="end"
              size="small"
            >
              {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
            </IconButton>
          </InputAdornment>
        }
      />
    );
  },
);
