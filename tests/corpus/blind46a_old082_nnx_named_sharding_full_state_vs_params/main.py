import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
lecun = nnx.initializers.lecun_normal()


class Head(nnx.Module):
    def __init__(self, rngs):
        self.fc1 = nnx.Linear(128, 512, kernel_init=nnx.with_partitioning(lecun, (None, "model")),
                              bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ("model",)), rngs=rngs)
        self.bn = nnx.BatchNorm(512, use_running_average=True, rngs=rngs)
        self.fc2 = nnx.Linear(512, 10, kernel_init=nnx.with_partitioning(lecun, ("model", None)), rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))


with jax.set_mesh(mesh):
    model = Head(nnx.Rngs(0))

graphdef, params, rest = nnx.split(model, nnx.Param, ...)
param_shardings = nnx.get_named_sharding(nnx.state(model), mesh)
data_sharding = NamedSharding(mesh, P("data"))


def sgd_step(params, rest, x, y):
    def loss_fn(params):
        model = nnx.merge(graphdef, params, rest)
        logits = model(x)
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))

    grads = jax.grad(loss_fn)(params)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


step = jax.jit(sgd_step, in_shardings=(param_shardings, None, data_sharding, data_sharding),
               out_shardings=param_shardings)
x = jnp.ones((32, 128))
y = jnp.zeros((32,), jnp.int32)
print(step.trace(params, rest, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
