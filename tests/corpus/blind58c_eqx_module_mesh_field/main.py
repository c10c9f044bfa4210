import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType

from parallel import DataParallelTrainer

optim = optax.lion(1e-4)


def main():
    mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
    model = eqx.nn.MLP(12, 3, width_size=48, depth=2, key=jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    trainer = DataParallelTrainer(static, mesh)
    opt_state = optim.init(params)

    def train_step(params, opt_state, x, y):
        loss, grads = trainer.loss_and_grads(params, x, y)
        updates, opt_state = optim.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    train_step = jax.jit(train_step, donate_argnums=(0, 1))
    x = jnp.zeros((64, 12))
    y = jnp.zeros((64, 3))
    train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
