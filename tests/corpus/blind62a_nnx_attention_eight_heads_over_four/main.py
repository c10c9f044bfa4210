import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from config import TransformerConfig
from model import LM


def make_train_step(graphdef, tx):

  def train_step(params, opt_state, tokens):
    model = nnx.merge(graphdef, params)

    def loss_fn(model):
      logits = model(tokens[:, :-1])
      return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return train_step


def main():
  cfg = TransformerConfig()
  mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes,
                       axis_types=(AxisType.Auto,) * len(cfg.mesh_axes))

  # Abstract init: no device memory is touched until the compiled step runs.
  graphdef, abs_params = nnx.get_abstract_model(lambda: LM(cfg, rngs=nnx.Rngs(0)), mesh)
  param_shardings = nnx.get_named_sharding(abs_params, mesh)

  tx = optax.adamw(3e-4, weight_decay=0.1)
  abs_opt_state = jax.eval_shape(tx.init, abs_params)

  data_sharding = NamedSharding(mesh, P('data'))
  step = jax.jit(
      make_train_step(graphdef, tx),
      in_shardings=(param_shardings, None, data_sharding),
      out_shardings=(param_shardings, None, NamedSharding(mesh, P())),
      donate_argnums=(0, 1),
  )
  tokens = jax.ShapeDtypeStruct((8, 65), jnp.int32, sharding=data_sharding)
  step.trace(abs_params, abs_opt_state, tokens).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
