import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ffn import FFN

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
ffn = FFN(mesh, 64, 256, jax.random.key(0))


@eqx.filter_jit
def grads_and_loss(ffn, x):
  def body(ffn, x):
    loss, g = eqx.filter_value_and_grad(lambda m: jnp.mean(m(x) ** 2))(ffn)
    g = jax.tree.map(lambda t: jax.lax.pmean(t, 'data'), g)
    return jax.lax.pmean(loss, 'data'), g
  return jax.shard_map(body, mesh=mesh, in_specs=(P(), P('data')),
                       out_specs=(P(), P()), axis_names={'data'})(ffn, x)


params, static = eqx.partition(ffn, eqx.is_array)
jax.jit(lambda p, x: grads_and_loss(eqx.combine(p, static), x)).trace(
    params, jnp.ones((16, 64))).lower(lowering_platforms=('cuda',))
