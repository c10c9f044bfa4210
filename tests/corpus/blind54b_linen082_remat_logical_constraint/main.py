import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

Dense = functools.partial(nn.DenseGeneral, use_bias=False)
lp = nn.with_logical_partitioning


class MlpBlock(nn.Module):
  d_ff: int

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    h = Dense(self.d_ff, kernel_init=lp(nn.initializers.lecun_normal(), ('embed', 'mlp')), name='wi')(x)
    h = nn.with_logical_constraint(nn.gelu(h), ('activation_batch', 'activation_length', 'mlp'))
    out = Dense(d, kernel_init=lp(nn.initializers.lecun_normal(), ('mlp', 'embed')), name='wo')(h)
    return nn.with_logical_constraint(x + out, ('activation_batch', 'activation_length', 'embed'))


class Model(nn.Module):
  layers: int = 4
  d_ff: int = 2048

  @nn.compact
  def __call__(self, x):
    RematBlock = nn.remat(MlpBlock, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
    for i in range(self.layers):
      x = RematBlock(self.d_ff, name=f'block_{i}')(x)
    return x


LOGICAL_RULES = [
    ('activation_batch', 'data'),
    ('activation_length', None),
    ('embed', 'fsdp'),
    ('mlp', 'tensor'),
]

devices = np.array(jax.devices()).reshape(1, 2, 2)
mesh = Mesh(devices, ('data', 'fsdp', 'tensor'))
model = Model()
x = jnp.zeros((4, 64, 512), jnp.bfloat16)

with mesh, nn.logical_axis_rules(LOGICAL_RULES):
  boxed = jax.eval_shape(model.init, jax.random.key(0), x)
  shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(boxed), mesh, LOGICAL_RULES)
  params = nn.unbox(boxed)

  def loss(params, x):
    return jnp.mean(model.apply(params, x).astype(jnp.float32) ** 2)

  grad_fn = jax.jit(jax.value_and_grad(loss),
                    in_shardings=(shardings, NamedSharding(mesh, P('data'))),
                    out_shardings=(NamedSharding(mesh, P()), shardings))
  grad_fn.trace(params, x).lower(lowering_platforms=('cuda',))
