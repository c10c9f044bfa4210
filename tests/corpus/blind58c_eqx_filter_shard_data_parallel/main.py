import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from train import make_train_step

num_devices = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())


def main():
    model = eqx.nn.MLP(in_size=1, out_size=1, width_size=32, depth=2, key=jax.random.key(6789))
    optim = optax.adam(learning_rate=1e-3)
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    train_step = make_train_step(optim, replicated, data_sharding)

    dataset_size = 64 * num_devices
    x = jnp.zeros((dataset_size, 1))
    y = jnp.zeros((dataset_size, 1))

    dynamic, static = eqx.partition((model, opt_state), eqx.is_array)

    def step(dynamic, x, y):
        model, opt_state = eqx.combine(dynamic, static)
        return eqx.filter(train_step(model, opt_state, x, y), eqx.is_array)

    jax.jit(step).trace(dynamic, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
