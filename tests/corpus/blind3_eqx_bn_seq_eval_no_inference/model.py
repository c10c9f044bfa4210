import equinox as eqx
import jax
import jax.random as jr


def make_classifier(key, in_size=16, width=32, num_classes=4):
    k1, k2 = jr.split(key)
    return eqx.nn.Sequential(
        [
            eqx.nn.Linear(in_size, width, key=k1),
            eqx.nn.BatchNorm(width, axis_name="batch", mode="batch"),
            eqx.nn.Lambda(jax.nn.gelu),
            eqx.nn.Linear(width, num_classes, key=k2),
        ]
    )
