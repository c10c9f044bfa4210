import jax
import jax.numpy as jnp
from flax import nnx

from pipeline import comm

NUM_STAGES = 4
B, D = 8, 64


class PipelinedMLP(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.up = nnx.Linear(d, 4 * d, rngs=rngs)
        self.down = nnx.Linear(4 * d, d, rngs=rngs)

    def __call__(self, x, microbatches):
        carry = jnp.zeros_like(x)
        for _ in range(microbatches):
            y = self.down(nnx.relu(self.up(x + carry)))
            tok = comm.send_next(y, NUM_STAGES)
            carry = comm.recv_prev(tok, y, NUM_STAGES)
        return carry


@nnx.jit(static_argnums=2)
def forward(model, x, microbatches):
    return model(x, microbatches)


model = PipelinedMLP(D, nnx.Rngs(0))
x = jnp.ones((B, D))
lowered = forward.trace(model, x, 3).lower(lowering_platforms=("cuda",))
print("lowered")
