import equinox as eqx
import jax

# BatchNorm statistics are averaged over the per-example vmap axis
BN_AXIS = "batch"


class ResBlock(eqx.Module):
    lin: eqx.nn.Linear
    norm: eqx.nn.BatchNorm

    def __init__(self, dim, key):
        self.lin = eqx.nn.Linear(dim, dim, key=key)
        self.norm = eqx.nn.BatchNorm(dim, axis_name=BN_AXIS)

    def __call__(self, x, state):
        h = self.lin(x)
        h, state = self.norm(h, state)
        return x + jax.nn.gelu(h), state


class ResNetMLP(eqx.Module):
    stem: eqx.nn.Linear
    blocks: list
    head: eqx.nn.Linear

    def __init__(self, key, in_dim=32, dim=64, depth=3, out_dim=10):
        keys = jax.random.split(key, depth + 2)
        self.stem = eqx.nn.Linear(in_dim, dim, key=keys[0])
        self.blocks = [ResBlock(dim, k) for k in keys[1:-1]]
        self.head = eqx.nn.Linear(dim, out_dim, key=keys[-1])

    def __call__(self, x, state):
        x = self.stem(x)
        for block in self.blocks:
            x, state = block(x, state)
        return self.head(x), state
