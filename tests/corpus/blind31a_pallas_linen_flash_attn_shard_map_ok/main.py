import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels.attention import flash_attention

MESH_AXES = ("data", "tensor")
LOGICAL_AXIS_RULES = (("activation_batch", "data"), ("activation_heads", "tensor"),
                      ("activation_length", None), ("activation_kv", None))


class Attention(nn.Module):
  mesh: Mesh
  num_heads: int = 4
  head_dim: int = 128

  def tpu_flash_attention(self, q, k, v):
    axes = nn.logical_to_mesh_axes(("activation_batch", "activation_heads", "activation_length", "activation_kv"))
    spec = P(*axes)

    @functools.partial(jax.shard_map, mesh=self.mesh, in_specs=(spec, spec, spec), out_specs=spec,
                       check_vma=False)
    def wrap_flash_attention(q, k, v):
      return flash_attention(q, k, v, sm_scale=self.head_dim ** -0.5)

    return wrap_flash_attention(q, k, v)

  @nn.compact
  def __call__(self, x):
    proj = lambda n: nn.DenseGeneral((self.num_heads, self.head_dim), name=n)(x).transpose(0, 2, 1, 3)
    q, k, v = proj("query"), proj("key"), proj("value")
    o = self.tpu_flash_attention(q, k, v).transpose(0, 2, 1, 3)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name="out")(o)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), MESH_AXES)
model = Attention(mesh)
x = jnp.ones((4, 128, 256), jnp.bfloat16)

with nn.logical_axis_rules(LOGICAL_AXIS_RULES):
  params = jax.eval_shape(model.init, jax.random.key(0), x)
  fwd = jax.jit(model.apply, in_shardings=(None, NamedSharding(mesh, P("data"))))
  print(fwd.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
