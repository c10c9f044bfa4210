import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import CausalDepthwiseConv


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  conv = CausalDepthwiseConv(256, 4, seq_axis="model", seq_shards=mesh.shape["model"],
                             key=jax.random.PRNGKey(0))
  params, static = eqx.partition(conv, eqx.is_array)

  def local(params, x):
    conv = eqx.combine(params, static)
    return conv(x)

  forward = jax.shard_map(local, mesh=mesh, in_specs=(P(), P("data", "model", None)),
                          out_specs=P("data", "model", None), check_vma=False)
  x = jax.ShapeDtypeStruct((8, 1024, 256), jnp.float32)
  jax.jit(forward).trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
