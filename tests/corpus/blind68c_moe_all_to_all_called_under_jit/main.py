import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

import model
from moe import MOE_SPECS

mesh = jax.make_mesh((4,), ("expert",))
VOCAB, D, F, E = 512, 128, 256, 8


def train_step(params, tokens, labels):
  def loss_fn(p):
    logits = model.forward(p, tokens, mesh)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  loss, grads = jax.value_and_grad(loss_fn)(params)
  params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
  return params, loss


specs = {"embed": P(), "mlp_in": P(), "moe": MOE_SPECS}
p_shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs,
                           is_leaf=lambda s: isinstance(s, P))
batch = NamedSharding(mesh, P("expert", None))

step = jax.jit(train_step, in_shardings=(p_shardings, batch, batch),
               out_shardings=(p_shardings, NamedSharding(mesh, P())))
params = jax.eval_shape(lambda: model.init(jax.random.key(0), VOCAB, D, F, E))
tokens = jax.ShapeDtypeStruct((16, 32), jnp.int32)
step.trace(params, tokens, tokens).lower(lowering_platforms=("tpu",))
