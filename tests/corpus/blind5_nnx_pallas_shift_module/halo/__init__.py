from .layers import ShiftMixer
