import numpy as np
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

from ring import RingAttention

mesh = Mesh(np.array(jax.devices()), ('sp',))
attn = RingAttention(16, 'sp', mesh.shape['sp'], key=jr.PRNGKey(0))


@eqx.filter_jit
def grad_step(attn, x):
  params, static = eqx.partition(attn, eqx.is_array)

  def sharded_loss(params, x):
    model = eqx.combine(params, static)
    return jax.lax.psum(jnp.sum(model(x) ** 2), 'sp')

  loss_fn = jax.shard_map(sharded_loss, mesh=mesh, in_specs=(P(), P('sp')), out_specs=P(),
                          check_vma=False)
  return eqx.filter_value_and_grad(lambda p: loss_fn(p, x))(params)


x = jnp.ones((64, 16))
params, static = eqx.partition(attn, eqx.is_array)
print(jax.jit(lambda p, x: grad_step(eqx.combine(p, static), x)).trace(params, x)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
