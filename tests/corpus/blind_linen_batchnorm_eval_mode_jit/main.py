"""Cross-device (sync) BatchNorm in a Linen CNN: BatchNorm(axis_name="batch"); the
evaluation step uses the running averages (no cross-device statistics) under plain jit."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "batch"
mesh = Mesh(jax.devices(), (AXIS,))


class ConvNet(nn.Module):
    axis_name: str | None = None

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(16, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, axis_name=self.axis_name)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


model = ConvNet(axis_name=AXIS)
variables = jax.eval_shape(lambda: ConvNet().init(jax.random.key(0), jnp.ones((1, 8, 8, 3)), train=False))


def eval_forward(variables, x):
    return model.apply(variables, x, train=False)


x = jax.ShapeDtypeStruct((32, 8, 8, 3), jnp.float32, sharding=jax.NamedSharding(mesh, P(AXIS)))
jax.jit(eval_forward).trace(variables, x).lower(lowering_platforms=("cuda",))
