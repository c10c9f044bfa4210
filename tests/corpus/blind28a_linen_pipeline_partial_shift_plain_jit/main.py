"""Linen pipeline stage whose hand-off to the next stage is a class-level functools.partial of
ppermute; the model is applied with a plain jax.jit(model.apply)."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp

NUM_STAGES = 4


class PipelineStage(nn.Module):
    hidden: int = 128
    shift_right = staticmethod(functools.partial(
        jax.lax.ppermute, axis_name="stages",
        perm=[(i, (i + 1) % NUM_STAGES) for i in range(NUM_STAGES)]))

    @nn.compact
    def __call__(self, state):
        state = nn.Dense(self.hidden)(state)
        state = nn.relu(state)
        return self.shift_right(state)


model = PipelineStage()
x = jnp.ones((16, 128))
variables = jax.eval_shape(lambda: model.init(jax.random.key(0), x))
apply = jax.jit(model.apply)
lowered = apply.trace(variables, x).lower(lowering_platforms=("cuda",))
print("lowered")
