"""Flax 0.11 NNX guide: create_sharded_model under nnx.jit + a version-compatible mesh context, then a sharded train step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(devices=mesh_utils.create_device_mesh((2, 2)), axis_names=("data", "model"))

try:
    set_mesh = jax.set_mesh  # JAX >= 0.7
except AttributeError:
    set_mesh = jax.sharding.use_mesh


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(depth, depth,
                               kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
                               use_bias=False, rngs=rngs)
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=("model", None))

    def __call__(self, x):
        y = self.dot1(x)
        y = jax.nn.relu(y)
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2.value)


@nnx.jit
def create_sharded_model():
    model = DotReluDot(128, rngs=nnx.Rngs(0))
    state = nnx.state(model)
    pspecs = nnx.get_partition_spec(state)
    sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
    nnx.update(model, sharded_state)
    return model


with set_mesh(mesh):
    sharded_model = create_sharded_model()
optimizer = nnx.Optimizer(sharded_model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


data_sharding = NamedSharding(mesh, P("data", None))
x = jax.device_put(jnp.ones((8, 128)), data_sharding)
y = jax.device_put(jnp.ones((8, 128)), data_sharding)
with set_mesh(mesh):
    graphdef, state = nnx.split((sharded_model, optimizer))

    @jax.jit
    def pure_step(state, x, y):
        model, opt = nnx.merge(graphdef, state)
        loss = train_step(model, opt, x, y)
        return loss, nnx.state((model, opt))

    lowered = pure_step.trace(state, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
