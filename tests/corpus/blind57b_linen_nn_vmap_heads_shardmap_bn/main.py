import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from nets.ensemble import MultiHeadNet

net = MultiHeadNet()
tx = optax.sgd(0.05, momentum=0.9)
mesh = jax.make_mesh((4,), ('data',))


def step(params, batch_stats, opt_state, images, labels):
  def loss_fn(params):
    (logits, mean_logits), updates = net.apply(
        {'params': params, 'batch_stats': batch_stats}, images, mutable=['batch_stats'])
    ce = optax.softmax_cross_entropy_with_integer_labels(logits, labels[None]).mean()
    ce = ce + 0.1 * optax.softmax_cross_entropy_with_integer_labels(mean_logits, labels).mean()
    return lax.pmean(ce, 'data'), updates['batch_stats']

  (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), batch_stats, opt_state, loss


sharded_step = jax.jit(jax.shard_map(
    step, mesh=mesh, in_specs=(P(), P(), P(), P('data'), P('data')),
    out_specs=(P(), P(), P(), P())))

if __name__ == '__main__':
  variables = jax.jit(net.init, static_argnames='train')(
      jax.random.key(0), jnp.ones((2, 32, 32, 3)), train=False)
  opt_state = tx.init(variables['params'])
  images = jax.device_put(jnp.ones((32, 32, 32, 3)), NamedSharding(mesh, P('data')))
  labels = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P('data')))
  sharded_step.trace(variables['params'], variables['batch_stats'], opt_state, images,
                     labels).lower(lowering_platforms=('cuda',))
