// A scene (file or options) the user got wrong: the CLI prints the message
// as one line and exits 2.
import { UserError } from '../../../hdl/errors.js';

export class SceneError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'SceneError';
  }
}
