import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.sharding import PartitionSpec as P

RULES = (('batch', 'data'), ('length', None), ('embed', None), ('qkv', 'model'),
         ('heads', 'model'), ('kv', None))

with_part = nn.with_logical_partitioning
init = nn.initializers.lecun_normal()


class MultiHeadAttention(nn.Module):
  num_heads: int = 16
  head_dim: int = 64
  dtype: jnp.dtype = jnp.bfloat16

  def setup(self):
    inner = self.num_heads * self.head_dim
    self.qkv = nn.Dense(3 * inner, use_bias=False, dtype=self.dtype,
                        kernel_init=with_part(init, ('embed', 'qkv')))
    self.out = nn.Dense(inner, use_bias=False, dtype=self.dtype,
                        kernel_init=with_part(init, ('qkv', 'embed')))

  def __call__(self, x, mask):
    b, l, _ = x.shape
    qkv = self.qkv(x).reshape(b, l, 3, self.num_heads, self.head_dim)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    q = nn.with_logical_constraint(q, ('batch', 'length', 'heads', 'kv'))
    k = nn.with_logical_constraint(k, ('batch', 'length', 'heads', 'kv'))
    v = nn.with_logical_constraint(v, ('batch', 'length', 'heads', 'kv'))
    out = nn.dot_product_attention(q, k, v, mask=mask, dtype=self.dtype)
    out = self.out(out.reshape(b, l, -1))
    return nn.with_logical_constraint(out, ('batch', 'length', 'embed'))


def forward(params, x, mask):
  return MultiHeadAttention().apply({'params': params}, x, mask)


if __name__ == '__main__':
  mesh = jax.make_mesh((2, 2), ('data', 'model'),
                       axis_types=(jax.sharding.AxisType.Auto,) * 2)
  model = MultiHeadAttention()
  x = jnp.zeros((8, 256, 1024), jnp.bfloat16)
  mask = nn.make_causal_mask(jnp.ones((8, 256)))
  with nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(1), x, mask)
    shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
    jax.jit(model.init, out_shardings=shardings).trace(
        jax.random.key(1), x, mask).lower(lowering_platforms=('tpu',))
    x_sharding = nn.logical_to_mesh_sharding(P('batch', 'length', 'embed'), mesh, RULES)
    with jax.set_mesh(mesh):
      fwd = jax.jit(forward, in_shardings=(shardings['params'], x_sharding, None),
                    out_shardings=x_sharding)
      fwd.trace(abstract['params'], x, mask).lower(lowering_platforms=('tpu',))
