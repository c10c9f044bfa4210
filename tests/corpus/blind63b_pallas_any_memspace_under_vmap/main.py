"""1-D spatially-partitioned conv: each example's left halo comes from the left neighbour.
The guide's right_permute kernel is applied per example with jax.vmap."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from permute import AXIS, NUM_DEVICES, right_permute


def halo_conv(x, kernel):
  # x: [batch, local_len, channels]; the right neighbour needs our last row as its halo.
  halo = jax.vmap(right_permute)(x[:, -8:, :])
  padded = jnp.concatenate([halo, x], axis=1)
  y = jax.lax.conv_general_dilated(padded, kernel, window_strides=(1,), padding="VALID",
                                   dimension_numbers=("NWC", "WIO", "NWC"))
  return y[:, -x.shape[1]:, :]


halo_conv = jax.shard_map(halo_conv, mesh=Mesh(np.array(jax.devices()[:NUM_DEVICES]), (AXIS,)),
                          in_specs=(P(None, AXIS, None), P()),
                          out_specs=P(None, AXIS, None), check_vma=False)
conv_step = jax.jit(halo_conv)

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((4, 256, 128), jnp.float32)
  k = jax.ShapeDtypeStruct((9, 128, 128), jnp.float32)
  conv_step.trace(x, k).lower(lowering_platforms=("tpu",))
