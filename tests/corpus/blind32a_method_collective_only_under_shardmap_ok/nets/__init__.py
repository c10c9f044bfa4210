from .classifier import Classifier
