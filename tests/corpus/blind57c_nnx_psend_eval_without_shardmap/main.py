import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import pipeline.p2p as p2p

N_STAGES = 4


class PipelinedEncoder(nnx.Module):
  def __init__(self, d, rngs):
    self.block = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, h):
    for _ in range(N_STAGES - 1):
      h = p2p.send_forward(self.norm(jax.nn.relu(self.block(h))), N_STAGES)
    return self.norm(self.block(h))


@nnx.jit
def eval_step(model, batch):
  logits = model(batch["x"])
  return jnp.mean((logits - batch["y"]) ** 2)


def main():
  mesh = Mesh(np.array(jax.devices()), (p2p.STAGE_AXIS,))
  model = PipelinedEncoder(32, nnx.Rngs(0))
  batch = {"x": jnp.ones((16, 32)), "y": jnp.zeros((16, 32))}
  batch = jax.device_put(batch, NamedSharding(mesh, P(p2p.STAGE_AXIS)))
  eval_step.trace(model, batch).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
