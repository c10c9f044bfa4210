import flax.linen as nn
import jax.numpy as jnp

import kernels


class RowParallelDense(nn.Module):
  features: int
  num_devices: int
  axis_name: str = "x"
  block_rows: int = 8

  @nn.compact
  def __call__(self, x):
    kernel = self.param("kernel", nn.initializers.lecun_normal(),
                        (x.shape[-1], self.features))
    partial_out = jnp.dot(x, kernel, preferred_element_type=jnp.float32)
    blocks = partial_out.reshape(self.num_devices, self.block_rows, self.features)
    return kernels.reduce_scatter(blocks, axis_name=self.axis_name,
                                  num_devices=self.num_devices)
