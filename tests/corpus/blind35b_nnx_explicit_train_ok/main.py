import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(AxisType.Explicit, AxisType.Explicit))


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth, use_bias=False,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            rngs=rngs)
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)),
                            sharding=("model", None))

    def __call__(self, x):
        y = self.dot1(x)
        y = jax.nn.relu(y)
        # contracting dim of y and w2 is sharded over 'model': say where the result goes
        z = jnp.dot(y, self.w2[...], out_sharding=P("data", None))
        return z


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


with jax.set_mesh(mesh):
    model = DotReluDot(64, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((8, 64)), P("data", None))
    y = jax.device_put(jnp.ones((8, 64)), P("data", None))
    print(jax.typeof(model.dot1.kernel[...]).sharding.spec)
    lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
    print("lowered", len(lowered.as_text()) > 0)
