import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class DotReluDot(nn.Module):
    depth: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(
            self.depth,
            kernel_init=nn.with_partitioning(nn.initializers.xavier_normal(), (None, "model")),
            use_bias=False,
        )(x)
        y = nn.relu(y)
        y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P("data", "model")))
        W2 = self.param(
            "W2", nn.with_partitioning(nn.initializers.xavier_normal(), ("model", None)), (self.depth, x.shape[-1])
        )
        return jnp.dot(y, W2)


mesh = jax.make_mesh((4, 1), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


def init_fn(k, x, model, optimizer):
    variables = model.init(k, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optimizer)


def train_step(state, x):
    def loss_unrolled(params):
        y = state.apply_fn({"params": params}, x)
        return y.sum()

    grads = jax.grad(loss_unrolled)(state.params)
    return state.apply_gradients(grads=grads)


def main():
    model = DotReluDot(32)
    optimizer = optax.adam(1e-3)
    k = jax.random.key(0)
    x_sharding = NamedSharding(mesh, P("data", None))
    x = jnp.ones((8, 16))
    abstract_state = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
    state_sharding = nn.get_sharding(abstract_state, mesh)
    jit_init = jax.jit(init_fn, static_argnums=(2, 3), in_shardings=(NamedSharding(mesh, P()), x_sharding), out_shardings=state_sharding)
    state = jit_init(k, x, model, optimizer)

    step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding), out_shardings=state_sharding)
    eval_batch = jnp.ones((6, 16))
    lowered = step.trace(state, eval_batch).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])


if __name__ == "__main__":
    main()
