import jax
import jax.numpy as jnp
from flax import nnx


class MaybeSyncedNorm(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def _local(self, h):
    return h - h.mean(0)

  def _synced(self, h):
    return h - jax.lax.pmean(h.mean(0), "data")

  def __call__(self, x, sync):
    h = self.lin(x)
    return nnx.cond(sync, MaybeSyncedNorm._synced, MaybeSyncedNorm._local, self, h)


@nnx.jit
def forward(model, x, sync):
  return model(x, sync)


m = MaybeSyncedNorm(8, nnx.Rngs(0))
forward.trace(m, jnp.ones((4, 8)), jnp.array(False)).lower(lowering_platforms=("cuda",))
