import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            use_bias=False,
            rngs=rngs,
        )
        self.w2 = nnx.Param(
            init_fn(rngs.params(), (depth, depth)),
            sharding=("model", None),
        )

    def __call__(self, x: jax.Array):
        y = self.dot1(x)
        y = jax.nn.relu(y)
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        z = jnp.dot(y, self.w2[...])
        return z


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    auto_mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
    with jax.set_mesh(auto_mesh):
        model = DotReluDot(64, rngs=nnx.Rngs(0))
        optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
        data_sharding = NamedSharding(auto_mesh, P("data", None))
        x = jax.device_put(jax.random.normal(jax.random.key(1), (8, 64)), data_sharding)
        y = jax.device_put(jax.random.normal(jax.random.key(2), (8, 64)), data_sharding)
        lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
    print(model.dot1.kernel.sharding, len(lowered.as_text()) > 0)


if __name__ == "__main__":
    main()
