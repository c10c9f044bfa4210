from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from tp import ParallelMLP

D, HIDDEN = 512, 2048


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  tp = mesh.shape['model']
  mlp = ParallelMLP(d_model=D, hidden=HIDDEN, tp_size=tp)
  # every shard initialises its own slice; stacking along a leading 'model' axis keeps them apart
  param_spec = P('model')
  tx = optax.adam(1e-3)

  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=param_spec)
  def init(rng, x):
    rng = jax.random.fold_in(rng, jax.lax.axis_index('model'))
    params = mlp.init(rng, x)['params']
    return jax.tree.map(lambda a: a[None], params)

  @partial(jax.shard_map, mesh=mesh, in_specs=(param_spec, P('data')), out_specs=(param_spec, P()))
  def grad_step(params, x):
    local = jax.tree.map(lambda a: a[0], params)

    def loss_fn(p):
      return jnp.mean(mlp.apply({'params': p}, x) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(local)
    grads = jax.lax.pmean(grads, 'data')
    return jax.tree.map(lambda g: g[None], grads), jax.lax.pmean(loss, ('data',))

  def train_step(params, opt_state, x):
    grads, loss = grad_step(params, x)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss

  x = jax.ShapeDtypeStruct((64, D), jnp.float32)
  params = jax.eval_shape(init, jax.random.PRNGKey(0), x)
  opt_state = jax.eval_shape(tx.init, params)
  jax.jit(train_step).trace(params, opt_state, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
