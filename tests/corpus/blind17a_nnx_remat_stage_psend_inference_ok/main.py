import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

PP = 4
mesh = Mesh(np.array(jax.devices()), ("pp",))
NEXT = [(i, i + 1) for i in range(PP - 1)]


class Stage(nnx.Module):
  def __init__(self, d, rngs):
    self.ff = nnx.Linear(d, d, rngs=rngs)
    self.ln = nnx.RMSNorm(d, rngs=rngs)

  def forward_and_send(self, x):
    y = x + self.ff(self.ln(x))
    tok = lax.psend(y, "pp", NEXT)
    return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "pp", NEXT)


remat_step = nnx.remat(Stage.forward_and_send)
gdef, params = nnx.split(Stage(64, nnx.Rngs(0)))


def infer(params, x):
  stage = nnx.merge(gdef, params)
  for _ in range(PP - 1):
    x = remat_step(stage, x)
  return x


run = jax.jit(jax.shard_map(infer, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P("pp"),
                            check_vma=False))
run.trace(params, jnp.ones((16, 64))).lower(lowering_platforms=("cuda",))
