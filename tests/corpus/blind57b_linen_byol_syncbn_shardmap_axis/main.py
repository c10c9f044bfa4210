from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from byol import BYOLNetwork, regression_loss

net = BYOLNetwork()
tx = optax.lars(0.2, weight_decay=1.5e-6)
devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, ('data', 'model'))


def loss_fn(online_params, target_params, bn_state, view1, view2):
  variables = {'params': online_params, 'batch_stats': bn_state['online']}
  (_, p1), upd = net.apply(variables, view1, mutable=['batch_stats'])
  (_, p2), upd = net.apply({**variables, **upd}, view2, mutable=['batch_stats'])
  tvars = {'params': target_params, 'batch_stats': bn_state['target']}
  (t1, _), tupd = net.apply(tvars, view1, mutable=['batch_stats'])
  (t2, _), tupd = net.apply({**tvars, **tupd}, view2, mutable=['batch_stats'])
  loss = regression_loss(p1, jax.lax.stop_gradient(t2)) + regression_loss(
      p2, jax.lax.stop_gradient(t1))
  new_bn = {'online': upd['batch_stats'], 'target': tupd['batch_stats']}
  return jax.lax.pmean(loss.mean(), 'data'), new_bn


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P(), P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P(), P(), P()), check_vma=False)
def update_fn(online, target, opt_state, bn_state, view1, view2):
  (loss, new_bn), grads = jax.value_and_grad(loss_fn, has_aux=True)(
      online, target, bn_state, view1, view2)
  grads = jax.lax.pmean(grads, 'data')
  updates, opt_state = tx.update(grads, opt_state, online)
  online = optax.apply_updates(online, updates)
  target = optax.incremental_update(online, target, step_size=0.004)
  return online, target, opt_state, new_bn, loss


def main():
  variables = net.init(jax.random.key(0), jnp.ones((2, 32, 32, 3)), train=False)
  online = variables['params']
  target = jax.tree.map(jnp.copy, online)
  bn_state = {'online': variables['batch_stats'], 'target': variables['batch_stats']}
  opt_state = tx.init(online)
  data = NamedSharding(mesh, P('data'))
  view1 = jax.device_put(jnp.ones((32, 32, 32, 3)), data)
  view2 = jax.device_put(jnp.ones((32, 32, 32, 3)), data)
  jax.jit(update_fn).trace(online, target, opt_state, bn_state, view1, view2).lower(
      lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
