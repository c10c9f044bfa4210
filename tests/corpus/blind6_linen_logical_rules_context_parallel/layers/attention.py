import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P


def _gathered_attention(q, k, v, *, axis):
  # every context shard keeps its queries and gathers the full key/value sequence
  k = jax.lax.all_gather(k, axis, axis=1, tiled=True)
  v = jax.lax.all_gather(v, axis, axis=1, tiled=True)
  w = jax.nn.softmax(jnp.einsum('bqd,bkd->bqk', q, k) / jnp.sqrt(q.shape[-1]), axis=-1)
  return jnp.einsum('bqk,bkd->bqd', w, v)


class ContextParallelAttention(nn.Module):
  features: int
  mesh: jax.sharding.Mesh

  @nn.compact
  def __call__(self, x):
    dense = lambda name: nn.Dense(
        self.features, use_bias=False, name=name,
        kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'heads')))
    q, k, v = dense('q')(x), dense('k')(x), dense('v')(x)
    spec = nn.logical_to_mesh_axes(('activation_batch', 'activation_length', 'activation_embed'))
    seq_axis = spec[1]
    out = jax.shard_map(
        lambda q, k, v: _gathered_attention(q, k, v, axis=seq_axis),
        mesh=self.mesh, in_specs=(spec, spec, spec), out_specs=spec)(q, k, v)
    return nn.Dense(self.features, use_bias=False, name='o',
                    kernel_init=nn.with_logical_partitioning(
                        nn.initializers.lecun_normal(), ('heads', 'embed')))(out)
