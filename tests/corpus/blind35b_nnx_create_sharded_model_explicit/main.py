import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))  # JAX 0.10: Explicit axes by default


class DotReluDot(nnx.Module):
    def __init__(self, depth, rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(depth, depth, use_bias=False,
                               kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
                               rngs=rngs)
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=("model", None))

    def __call__(self, x):
        y = nnx.relu(self.dot1(x))
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2.value)


@nnx.jit
def create_sharded_model():
    model = DotReluDot(64, rngs=nnx.Rngs(0))
    state = nnx.state(model)
    pspecs = nnx.get_partition_spec(state)
    sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
    nnx.update(model, sharded_state)
    return model


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return ((model(x) - y) ** 2).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = create_sharded_model()
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", None)))
    y = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", None)))
    print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
