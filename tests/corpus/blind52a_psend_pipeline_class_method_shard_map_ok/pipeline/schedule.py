import functools

import jax
import jax.numpy as jnp

from .comm import send_next

STAGE_AXIS = "stage"


class Pipeline:
    def __init__(self, n_stages, n_micro):
        self.n_stages = n_stages
        self.n_micro = n_micro
        self.shift = functools.partial(send_next, axis_name=STAGE_AXIS, n_stages=n_stages)

    def stage_fn(self, w, x):
        return jnp.tanh(x @ w)

    def forward(self, w, stage_id, microbatches):
        # w: this stage's weights [1, d, d]; stage_id: [1] int; microbatches: [n_micro, b, d]
        w, idx = w[0], stage_id[0]
        state = jnp.zeros_like(microbatches[0])
        outs = []
        for t in range(self.n_micro + self.n_stages - 1):
            inp = microbatches[t] if t < self.n_micro else jnp.zeros_like(state)
            state = jnp.where(idx == 0, inp, state)
            y = self.stage_fn(w, state)
            outs.append(y)
            state = self.shift(y)
        return jnp.stack(outs[self.n_stages - 1:])[None]
