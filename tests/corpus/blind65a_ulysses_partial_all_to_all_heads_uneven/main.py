import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from attn_config import AttnConfig
from layers import init_attention, make_attention


def main():
  cfg = AttnConfig()
  mesh = Mesh(np.array(jax.devices()), (cfg.sp_axis,))
  params = init_attention(jax.random.PRNGKey(0), cfg)
  attn = make_attention(cfg)
  fwd = shard_map(attn, mesh=mesh, in_specs=(P(), P(None, cfg.sp_axis)),
                  out_specs=P(None, cfg.sp_axis))
  fwd = jax.jit(fwd)
  x = jax.ShapeDtypeStruct((2, 512, cfg.d_model), jnp.float32)
  fwd.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
