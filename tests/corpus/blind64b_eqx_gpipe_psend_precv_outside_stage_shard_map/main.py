import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

import pipeline
from model import make_stages


def main():
  num_stages = len(jax.devices())
  mesh = Mesh(np.array(jax.devices()), (pipeline.STAGE_AXIS,))
  stages = make_stages(128, num_stages, jax.random.PRNGKey(0))
  params, static = eqx.partition(stages, eqx.is_array)

  stage = jax.shard_map(
      pipeline.make_stage_fn(static, num_stages),
      mesh=mesh,
      in_specs=(P("stage"), P("stage"), P()),
      out_specs=P("stage"),
  )

  def forward(params, microbatches):
    num_mb, mb, dim = microbatches.shape
    padded = jnp.concatenate([microbatches, jnp.zeros((num_stages - 1, mb, dim))])

    def tick(received, microbatch):
      out = stage(params, received, microbatch)
      received = pipeline.send_to_next(out, num_stages)
      return received, out[-1]

    init = jnp.zeros((num_stages, mb, dim))
    _, last_stage_out = lax.scan(tick, init, padded)
    return last_stage_out[num_stages - 1:]

  microbatches = jnp.zeros((8, 16, 128))
  jax.jit(forward).trace(params, microbatches).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
